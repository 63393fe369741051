/**
 * Whether JSON text nests arrays and objects deeper than `maxDepth`, found in one linear pass
 * that skips string contents. Run before `JSON.parse` and schema validation, so a body like
 * `[[[[…` ten thousand deep is refused without any recursion over it.
 */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c) escaped = true;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}
