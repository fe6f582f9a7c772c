/** Joins class names, skipping empty ones: `cx('ui-tab', selected && 'ui-tab--selected', className)`. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ')
}
