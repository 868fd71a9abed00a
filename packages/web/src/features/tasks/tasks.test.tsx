import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memberEndpoints, taskEndpoints, type TaskRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import { createPermissions, PermissionsContext } from '@/lib/permissions';
import MemberListPage from '@/features/members/MemberListPage';
import { DeriveRecordPage, ImportRecordPage } from './TaskRecordsPage';

const asRole = (names: string[] | null, element: ReactNode) => (
  <PermissionsContext.Provider value={names === null ? createPermissions(0, []) : createPermissions(5, names)}>{element}</PermissionsContext.Provider>
);
const openPopconfirm = () => document.querySelector<HTMLElement>('.ant-popover:not(.ant-popover-hidden)')!;
const confirmButton = (scope: HTMLElement) => within(scope).getByRole('button', { name: /确\s*定/ });

/** The member list's calls and the export it posts. */
const memberServer = () =>
  stubApi(
    fixture(memberEndpoints.levels, []),
    fixture(memberEndpoints.list, { data: [], page_no: 1, page_size: 20, data_total: 0 }),
    fixture(taskEndpoints.memberExport, { task_id: 7 }),
  );

const row = (fields: Partial<TaskRow>): TaskRow => ({
  id: 1,
  kind: 'member.export',
  kind_name: { zh: '会员列表导出', en: 'Member list export' },
  operate_type: 'EXPORT',
  owner_id: 1,
  owner_name: 'admin',
  filter_summary: '会员等级：白银会员；按注册时间降序',
  status: 'done',
  progress: 100,
  message: '共导出 2 条',
  error_reason: null,
  result_name: '会员列表_20261123-100000.xlsx',
  result_rows: 2,
  result_errors: null,
  result_size: 4096,
  import_outcome: null,
  create_time: 1_763_000_000,
  start_time: 1_763_000_001,
  finish_time: 1_763_000_002,
  ...fields,
});

describe('background task pages', { timeout: 45_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('导出 on the member list posts its filters, then goes to the export records with deriveRecord', async () => {
    const sent = memberServer();
    const user = userEvent.setup();
    renderPage(asRole(['memberList', 'deriveRecord'], <MemberListPage />), { path: '/member/member-list', url: '/member/member-list?level_id=2&sex=0&page_no=3' });
    await user.click(await screen.findByRole('button', { name: /导\s*出/ }));
    await user.click(confirmButton(openPopconfirm()));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/operations/backstage-task/derive-record'));
    const posted = sent.find((request) => request.url === 'admin/members/export')!;
    expect(JSON.parse(String(posted.body))).toEqual({ disabled: 0, sex: 0, level_id: 2, sort: 'create_time', order: 'desc' });
  });

  it('without deriveRecord the export is made but the list stays, with the spec message', async () => {
    memberServer();
    const user = userEvent.setup();
    renderPage(asRole(['memberList'], <MemberListPage />), { path: '/member/member-list', url: '/member/member-list' });
    await user.click(await screen.findByRole('button', { name: /导\s*出/ }));
    await user.click(confirmButton(openPopconfirm()));
    expect(await screen.findByText('当前角色未开启后台任务权限，请开启后查看！')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/member/member-list');
  });

  it('export records: a running task shows live progress and, once done, its download', async () => {
    let finished = false;
    const sent = stubApi(
      fixture(taskEndpoints.list, () => ({
        data: [finished ? row({ id: 2 }) : row({ id: 2, status: 'running', progress: 40, message: '已导出 400 / 1000 条', result_name: null }), row({ id: 1 })],
        page_no: 1,
        page_size: 20,
        data_total: 2,
      })),
      fixture(taskEndpoints.progress, () => {
        finished = true;
        return { id: 2, status: 'done' as const, progress: 100, message: '共导出 1000 条' };
      }),
      fixture(taskEndpoints.visibility, { see_all: 0 }),
      fixture(taskEndpoints.schedules, [
        { name: 'housekeeping.expired', schedule: 'every 30 min', next_run_time: 1_763_001_800, last_start_time: 1_763_000_000, last_finish_time: 1_763_000_000, last_status: 'ok', last_result: 'captchas 3, sms codes 0, sessions 1', last_error: null },
      ]),
    );
    renderPage(asRole(null, <DeriveRecordPage />), { path: '/operations/backstage-task/derive-record' });
    expect(await screen.findByText('已导出 400 / 1000 条')).toBeTruthy();
    // The progress is read, the task ended, and the list is read again with its download.
    await waitFor(() => expect(screen.getAllByRole('button', { name: '下载' })).toHaveLength(2), { timeout: 20_000 });
    expect(sent.filter((request) => request.url === 'admin/task/2/progress').length).toBeGreaterThanOrEqual(1);
    expect(sent.map((request) => request.url)).toContain('admin/task?operate_type=EXPORT');
    // The founder sees the scheduled tasks and the visibility switch.
    expect(await screen.findByText('清理过期验证码与会话')).toBeTruthy();
    expect(screen.getByText('captchas 3, sms codes 0, sessions 1')).toBeTruthy();
    expect(screen.getByRole('switch')).toBeTruthy();
  });

  it('import records: a finished import says by its rows whether it succeeded, partly or not at all', async () => {
    const imported = (id: number, rows: number, errors: number, outcome: TaskRow['import_outcome']) =>
      row({ id, kind: 'member.import', operate_type: 'IMPORT', filter_summary: `import-${id}.xlsx`, result_rows: rows, result_errors: errors, import_outcome: outcome });
    stubApi(
      fixture(taskEndpoints.list, { data: [imported(3, 0, 1, 'failed'), imported(2, 9, 1, 'partial'), imported(1, 5, 0, 'ok')], page_no: 1, page_size: 20, data_total: 3 }),
      fixture(taskEndpoints.visibility, { see_all: 0 }),
      fixture(taskEndpoints.schedules, []),
    );
    renderPage(asRole(null, <ImportRecordPage />), { path: '/operations/backstage-task/import-record' });
    const statusOf = async (file: string) => (await screen.findByText(file)).closest('tr')!.querySelector('.ant-tag')!.textContent;
    expect(await statusOf('import-3.xlsx')).toBe('失败');
    expect(await statusOf('import-2.xlsx')).toBe('部分成功');
    expect(await statusOf('import-1.xlsx')).toBe('成功');
  });
});
