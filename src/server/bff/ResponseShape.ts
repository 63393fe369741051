/**
 * How one known field of a service answer reaches the browser:
 * - `value`: a JSON primitive, or an array of them; anything else is dropped;
 * - `link`: a URL a browser may follow, kept only when safe (https, no credentials), else `null`;
 * - `requiredLink`: the same for a field the types declare a string: `''` when unsafe;
 * - `documentLink`: a signed document URL, which must also be on the document hosts; when not,
 *   it is removed (and the document with it, as `url` is required there);
 * - an {@link ResponseShape}: an object (or an array of them) with its own known fields.
 */
export type FieldShape = 'value' | 'link' | 'requiredLink' | 'documentLink' | ResponseShape;

/** The known fields of an answer object; arrays of such objects are read element by element. */
export interface ResponseShape {
  readonly fields: Readonly<Record<string, FieldShape>>;
  /**
   * An open map (coverages, deductibles, dwelling details): keys beyond `fields` are kept when
   * their value fits this shape and the key does not look like a credential or an identity
   * number.
   */
  readonly entries?: FieldShape;
  /** Fields without which the object is useless: it is dropped when one is missing or unsafe. */
  readonly required?: readonly string[];
  /** A primitive is accepted in place of the object (a selected quote given by its id). */
  readonly orValue?: true;
}
