/** Joins class names, skipping empty ones: a host's `className` is added, never replaces ours. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
