/**
 * H5 keeps no lesson files (src/platform/fileStorage/index.h5.ts), so its lesson page offers no
 * download: its home says why. The mini-program's action (DownloadLesson.tsx), its store calls and
 * its stylesheet stay out of the H5 lesson page's first load (issue 36 item 2).
 */
export function DownloadLesson(_props: { courseData: string }): null {
  return null
}
