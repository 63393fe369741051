/**
 * A readable name for a key the library has no text for: `floodZone` or `flood_zone` becomes
 * "Flood zone" (a coverage the component has no label for, a dwelling detail in an error).
 */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
