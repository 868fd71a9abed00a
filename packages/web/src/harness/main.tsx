/**
 * The e2e harness of widgets that no console screen uses yet (vite.harness.config.ts; never part
 * of `vite build`, whose only page is index.html). It mounts the real widget with the console's
 * providers and request client; `/api` goes to the real server the e2e started. The test signs in
 * through the real login and hands the result to `window.agoraHarness.start`.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Button } from 'antd';
import type { LoginResult } from '@agora/contract';
import { AppProviders } from '@/app/providers';
import { bundledTexts, startI18n } from '@/lib/i18n';
import { saveLogin } from '@/lib/session';
import { RegionTreePicker, type RegionTreeResult } from '@/components/regions';

/** RegionTreePicker over `regions/menus`, opened again with what it handed back. */
function RegionTreeHarness() {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<RegionTreeResult>();
  const [cancelled, setCancelled] = useState(0);
  return (
    <div style={{ padding: 24 }}>
      <Button type="primary" onClick={() => setOpen(true)}>
        打开地区选择器
      </Button>
      <output data-testid="region-tree-result" style={{ display: 'block', marginTop: 16, whiteSpace: 'pre-wrap' }}>
        {result ? JSON.stringify(result) : ''}
      </output>
      <output data-testid="region-tree-cancelled">{cancelled}</output>
      <RegionTreePicker
        open={open}
        value={result?.ids}
        onCancel={() => {
          setOpen(false);
          setCancelled((count) => count + 1);
        }}
        onConfirm={(chosen) => {
          setResult(chosen);
          setOpen(false);
        }}
      />
    </div>
  );
}

declare global {
  interface Window {
    agoraHarness: { start(login: LoginResult): Promise<void> };
  }
}

window.agoraHarness = {
  async start(login) {
    saveLogin(login);
    await startI18n('zh-CN', await bundledTexts('zh-CN'));
    createRoot(document.getElementById('root')!).render(
      <AppProviders>
        <RegionTreeHarness />
      </AppProviders>,
    );
  },
};
