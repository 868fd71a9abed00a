import type { FastifyRequest } from 'fastify';
import { MEMBER_IMPORT_MAX_MB, taskEndpoints } from '@agora/contract';
import { AppError } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { XLSX_TYPE, exportOwner as owner, exportRoute } from '../../platform/xlsx-export.js';
import { enqueueMemberImport, memberExport, memberImportTemplate } from '../members/jobs.js';
import { cancelTask, deleteTask, listSchedules, listTasks, readVisibility, retryTask, setVisibility, taskFile, taskProgress } from './service.js';

/** A file name in Content-Disposition: ASCII fallback plus the UTF-8 name (RFC 6266). */
const attachment = (name: string) => `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The uploaded sheet (`file` part), refused in the import's own words when too big or missing. */
async function uploadedSheet(req: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!req.isMultipart()) throw new AppError(400, 'IMPORT_FILE_EMPTY');
  const limit = MEMBER_IMPORT_MAX_MB * 1024 * 1024;
  try {
    const part = await req.file({ limits: { fileSize: limit } });
    if (!part || part.fieldname !== 'file') throw new AppError(400, 'IMPORT_FILE_EMPTY');
    return { name: part.filename ?? '', bytes: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(400, 'IMPORT_FILE_TOO_LARGE', { mb: MEMBER_IMPORT_MAX_MB });
    throw error;
  }
}

export const taskRoutes = [
  route(taskEndpoints.list, { handler: ({ query, admin, ctx }) => listTasks(ctx, admin, query) }),
  route(taskEndpoints.progress, { handler: ({ params, admin, ctx }) => taskProgress(ctx, admin, params.id) }),
  route(taskEndpoints.remove, { log: { zh: '删除后台任务记录', en: 'Delete background task records' }, handler: ({ params, admin, ctx }) => deleteTask(ctx, admin, params.id) }),
  route(taskEndpoints.cancel, { log: { zh: '取消后台任务', en: 'Cancel a background task' }, handler: ({ params, admin, ctx }) => cancelTask(ctx, admin, params.id) }),
  route(taskEndpoints.retry, { log: { zh: '重试后台任务', en: 'Retry a background task' }, handler: ({ params, admin, ctx }) => retryTask(ctx, admin, params.id) }),
  route(taskEndpoints.download, {
    async handler({ params, admin, ctx, reply }) {
      const file = await taskFile(ctx, admin, params.id);
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(file.name)).header('cache-control', 'no-store').send(file.body);
    },
  }),
  route(taskEndpoints.visibility, { handler: ({ ctx }) => readVisibility(ctx) }),
  route(taskEndpoints.setVisibility, { log: { zh: '修改后台任务可见范围', en: 'Change a background task\'s visibility' }, handler: ({ body, admin, ctx }) => setVisibility(ctx, admin, { see_all: body.see_all === 1 ? 1 : 0 }) }),
  route(taskEndpoints.schedules, { handler: ({ admin, ctx }) => listSchedules(ctx, admin) }),
  route(taskEndpoints.memberExport, exportRoute(memberExport, { contents: 'records', log: { zh: '导出会员列表', en: 'Export members' } })),
  route(taskEndpoints.memberImport, {
    log: { zh: '导入会员', en: 'Import members' },
    async handler({ req, admin, ctx }) {
      const job = await enqueueMemberImport(ctx, owner(admin), await uploadedSheet(req), req.ip);
      return { task_id: job.id };
    },
  }),
  route(taskEndpoints.memberImportTemplate, {
    async handler({ reply }) {
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment('会员导入模板.xlsx')).send(await memberImportTemplate());
    },
  }),
];
