import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { STARTUP_POLL_MS, startupEndpoints, type Startup } from '@agora/contract';
import { useApi } from '@/lib/api';

/**
 * Where the server is in its start (GET base/startup), asked again every second until it is
 * ready. `waiting`: the server said it is not ready yet. `ready` is also true when the server does
 * not answer the question (one older than this console, or unreachable): the form then works as
 * always and a sign-in says what is wrong. Neither while the first answer is on its way.
 */
export function useStartup(): { ready: boolean; waiting: boolean; startup: Startup | undefined } {
  const query = useApi(startupEndpoints.show, {}, {
    request: { message: false },
    retry: false,
    refetchInterval: (current) => (current.state.data && current.state.data.phase !== 'ready' ? STARTUP_POLL_MS : false),
  });
  if (query.isError) return { ready: true, waiting: false, startup: undefined };
  const phase = query.data?.phase;
  return { ready: phase === 'ready', waiting: phase !== undefined && phase !== 'ready', startup: query.data };
}

/**
 * What the console shows while the server is not ready: the part of the demo being written and how
 * far along it is, drawn from the theme's tokens (antd's Progress would add to the sign-in page's
 * script, issue 18).
 */
export function StartupProgress({ startup }: { startup: Startup }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const seed = startup.seed;
  const percent = seed ? Math.round((seed.done / seed.total) * 100) : 0;
  const line = startup.phase === 'draining' ? t('login.startup.draining') : seed ? t('login.startup.waiting', { percent }) : t('login.startup.starting');
  return (
    <div role="status" aria-live="polite">
      <div style={{ color: token.colorTextHeading, fontWeight: 600 }}>{t('login.startup.waitingTitle')}</div>
      <div style={{ marginTop: token.marginXS }}>{line}</div>
      {seed && (
        <>
          <div
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={line}
            style={{ height: 8, overflow: 'hidden', background: token.colorFillSecondary, borderRadius: token.borderRadiusSM, marginTop: token.marginXS }}
          >
            <div style={{ width: `${percent}%`, height: '100%', background: token.colorPrimary, transition: 'width 0.3s' }} />
          </div>
          <div style={{ marginTop: token.marginXS, color: token.colorTextSecondary }}>{t(`login.startup.steps.${seed.step}`)}</div>
        </>
      )}
      <div style={{ marginTop: token.marginXS, color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>{t('login.startup.waitingHint')}</div>
    </div>
  );
}

/** The signed-in console's whole page while the server is not ready (an operator who opens it mid-seed). */
export function StartupScreen({ startup }: { startup: Startup }) {
  const { token } = theme.useToken();
  return (
    <div className="agora-login">
      <section className="agora-login-card" style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, color: token.colorText, padding: token.paddingLG }}>
        <StartupProgress startup={startup} />
      </section>
    </div>
  );
}
