/**
 * Which lesson a viewer link names (spec 000 §2 "Lesson viewer": route parameter isPayLesson,
 * query parameter data = an old lesson link). A v2 link carries `courseData`; an old link carries
 * `data` and goes to the old calls; a bare /lesson falls back to the courseData the pay page stored.
 */
import { presentParam } from './routeParams'

export type LessonLink =
  | { kind: 'v2'; courseData: string; isPayLesson: boolean }
  | { kind: 'legacy'; data: string; isPayLesson: boolean }

export function lessonLinkFromParams(
  params: Readonly<Record<string, string | undefined>>,
  storedCourseData?: string,
): LessonLink | null {
  const isPayLesson = params.isPayLesson === '1' || params.isPayLesson === 'true'
  const courseData = presentParam(params.courseData)
  if (courseData) return { kind: 'v2', courseData, isPayLesson }
  const data = presentParam(params.data)
  if (data) return { kind: 'legacy', data, isPayLesson }
  const stored = presentParam(storedCourseData)
  return stored ? { kind: 'v2', courseData: stored, isPayLesson } : null
}
