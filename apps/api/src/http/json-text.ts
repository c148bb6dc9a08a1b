/**
 * An answer already written as JSON text, e.g. by PostgreSQL (a page of results: listed-business-json.ts), that
 * route() sends as it is, without parsing, checking or writing it again. `T` is the contract's shape the text
 * stands for; the text's own tests hold it to that shape, and under the test runner route() checks every one.
 */
export class JsonText<T> {
  /** Types the text as the answer it stands for; never set. */
  declare readonly shape?: T;
  constructor(readonly text: string) {}
}
