/**
 * The anchor GitHub (and npm) gives a Markdown heading: its text without inline formatting,
 * lowercased, punctuation dropped, spaces turned into hyphens. The caller adds `-1`, `-2`, … to
 * repeats, as they do.
 */
export function githubSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}
