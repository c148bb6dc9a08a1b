/**
 * @argo/engine/import: reading an uploaded CSV (decoding, preview, suggested mapping) without the rest of the
 * engine, for the API's upload reader thread, which starts for each upload and should load only this.
 */
export { CsvFormatError } from './decode';
export { suggestMapping } from './mapping';
export { previewCsv } from './parse';
