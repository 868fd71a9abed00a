import { MEMBER_IMPORT_MAX_MB, taskEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { XLSX_TYPE, exportOwner as owner, exportRoute } from '../../platform/xlsx-export.js';
import { uploadedSheet } from '../../platform/xlsx-import.js';
import { enqueueMemberImport, memberExport, memberImportTemplate } from '../members/jobs.js';
import { cancelTask, deleteTask, listSchedules, listTasks, readVisibility, retryTask, setVisibility, taskFile, taskProgress } from './service.js';

/** A file name in Content-Disposition: ASCII fallback plus the UTF-8 name (RFC 6266). */
const attachment = (name: string) => `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

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
      const job = await enqueueMemberImport(ctx, owner(admin), await uploadedSheet(req, MEMBER_IMPORT_MAX_MB), req.ip);
      return { task_id: job.id };
    },
  }),
  route(taskEndpoints.memberImportTemplate, {
    async handler({ reply }) {
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment('会员导入模板.xlsx')).send(await memberImportTemplate());
    },
  }),
];
