/** Whether `text` parses as JSON (any JSON value, `null` and numbers included). */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
