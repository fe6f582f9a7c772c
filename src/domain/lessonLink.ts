/**
 * Which lesson a viewer link names (spec 000 §2 "Lesson viewer": route parameter isPayLesson,
 * query parameter data = an old lesson link). A v2 link carries `courseData`; an old link carries
 * `data` and goes to the old calls (spec 000 §7); a bare /lesson falls back to the courseData the
 * pay page stored. isPayLesson only names the paid form of the route (LessonDetailNew): no rule
 * reads it, so the link does not carry it. The lesson calls (src/api/lesson.ts), the lesson store
 * and the player take this same type.
 */
import { presentParam } from './routeParams'

export type LessonLink = { kind: 'v2'; courseData: string } | { kind: 'legacy'; data: string }

export function lessonLinkFromParams(
  params: Readonly<Record<string, string | undefined>>,
  storedCourseData?: string,
): LessonLink | null {
  const courseData = presentParam(params.courseData)
  if (courseData) return { kind: 'v2', courseData }
  const data = presentParam(params.data)
  if (data) return { kind: 'legacy', data }
  const stored = presentParam(storedCourseData)
  return stored ? { kind: 'v2', courseData: stored } : null
}
