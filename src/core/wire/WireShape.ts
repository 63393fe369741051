/**
 * How one known leaf of a service answer is read (see `readWire`):
 * - `id`: an identity the library puts back into a path (a quote's id): a string of
 *   `ID_PATTERN`, nothing else; strict, never converted;
 * - `text`: a string; a finite number is read as its decimal text (`12345` → `"12345"`);
 * - `number`: a finite number; a numeric string is read as one (`"1200.00"`, `"$1,200"`);
 * - `boolean`: `true`/`false`; also `"true"`/`"false"` and `1`/`0`;
 * - `value`: any JSON primitive, or a list of them, as sent (open maps such as dwelling details);
 * - `link`: a URL a browser may follow, checked by the BFF (`null` when unsafe);
 * - `requiredLink`: the same for a field typed as a string (`''` when unsafe);
 * - `documentLink`: a signed document URL, checked against the document rule by the BFF; when
 *   unsafe it is removed, and the document with it (its `url` is required).
 *
 * Anything else in a leaf (an object, a boolean where a number is expected, `NaN` text) cannot be
 * read: it is left out, never passed on as something a page would show as `NaN` or `$0`.
 */
export type WireLeaf =
  | 'id'
  | 'text'
  | 'number'
  | 'boolean'
  | 'value'
  | 'link'
  | 'requiredLink'
  | 'documentLink';

/** A leaf of an answer the browser may follow: checked by the BFF. */
export type WireLinkKind = Extract<WireLeaf, 'link' | 'requiredLink' | 'documentLink'>;

/** How one known field of an answer is read: a leaf, or an object with fields of its own. */
export type WireField = WireLeaf | WireObject;

/** The known fields of an answer object (or of each item of a list of them). */
export interface WireObject {
  readonly fields: Readonly<Record<string, WireField>>;
  /**
   * An open map (coverages, deductibles, dwelling details): keys beyond `fields` are read with
   * this shape (the BFF also drops keys that look like credentials or identity numbers).
   */
  readonly entries?: WireField;
  /**
   * Fields without which the object is useless: an item missing one is dropped from its list,
   * an answer missing one is refused (unless the path gives it, see `ReadWireOptions.fill`).
   */
  readonly required?: readonly string[];
  /** The field holds a list of such objects; a lone object is read as a list of one. */
  readonly list?: true;
  /** A primitive is accepted in place of the object (a selected quote given by its id). */
  readonly orValue?: true;
  /** Values for fields the answer leaves out, so the types can promise them (`quotes: []`). */
  readonly defaults?: Readonly<Record<string, string | null | readonly never[]>>;
}

/**
 * Paths of unknown fields a host lets through to the browser, as a tree: each key maps to the
 * paths below it, or to `true` when the whole value at that key passes (see `exposeFields`).
 */
export type ExposedPaths = ReadonlyMap<string, ExposedPaths | true>;
