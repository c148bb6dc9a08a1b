import { IMPORT_UPLOAD, routes } from '@argo/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { AppError, badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { unstorableText } from '../../http/text-guard';
import {
  confirmImportMapping,
  startCompetitors,
  startSearch,
  type UploadedFile,
  uploadImport,
} from './discovery.service';
import { importReport } from './import-report';
import { createUploadReader } from './upload-reader';

export function registerDiscoveryRoutes(app: FastifyInstance, deps: AppDeps) {
  const uploadReader = createUploadReader({
    nice: deps.config.JOB_NICE,
    log: app.log,
    allowAddresses: deps.config.CRAWL_ALLOW_HOSTS,
  });
  app.addHook('onClose', () => uploadReader.close());
  const service = { db: deps.db, jobs: deps.jobs, config: deps.config, uploadReader };

  route(app, routes.discoveryScrape, async ({ body, request }) =>
    startSearch(service, requireUser(request), body),
  );

  route(app, routes.discoveryCompetitorCustomers, async ({ body, request }) =>
    startCompetitors(service, requireUser(request), body),
  );

  route(app, routes.discoveryImportMapping, async ({ params, body, request }) =>
    confirmImportMapping(service, requireUser(request), params.id, body),
  );

  route(app, routes.sessionsImportReport, async ({ params, request, reply }) => {
    const report = await importReport(deps.db, requireUser(request), params.id, deps.clock?.() ?? new Date());
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', report.contentDisposition)
      .header('cache-control', 'no-store');
    return report.body;
  });

  // Multipart only where it is used: the upload reads its parts as a stream, the file at most IMPORT_MAX_BYTES.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: deps.config.IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 20 },
    });
    route(scope, routes.discoveryImport, async ({ request }) => {
      const { file, fields } = await readUpload(request, deps.config.IMPORT_MAX_BYTES);
      return uploadImport(service, requireUser(request), file, fields);
    });
  });
}

/** "20 MB", "1.5 MB", "512 KB" */
function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/** The form's text parts and its one file (`file`), read to memory within the size limit. */
async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ file: UploadedFile; fields: Record<string, string> }> {
  const fileField = IMPORT_UPLOAD.fileField;
  if (!request.isMultipart()) {
    throw badRequest(`Send the CSV as multipart/form-data, the file in the "${fileField}" field.`, fileField);
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
      } else if (part.fieldname !== fileField || file) {
        part.file.resume();
      } else {
        const data = await part.toBuffer();
        file = { fileName: part.filename || 'import.csv', contentType: part.mimetype || null, data };
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        'payload_too_large',
        `The file is larger than ${formatSize(maxBytes)}. Split it into smaller files (or leave out columns you do not need) and upload each.`,
        fileField,
      );
    }
    // busboy's own complaints (no boundary, a cut-off body) are about the request, not about us.
    if (
      error instanceof Error &&
      /^(Multipart|Unexpected end of form|Malformed part header)/.test(error.message)
    ) {
      throw badRequest(
        `The upload is not a readable multipart/form-data body (${error.message}). Send the CSV in the "${fileField}" field.`,
        fileField,
      );
    }
    throw error;
  }
  if (!file) throw badRequest(`${fileField}: choose a CSV file to upload.`, fileField);
  const problem = unstorableText(fields);
  if (problem) throw badRequest(`A form field contains ${problem}. Remove it and upload again.`);
  return { file, fields };
}
