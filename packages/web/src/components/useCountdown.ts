import { useCallback, useEffect, useState } from 'react';
import { SMS_RESEND_SECONDS } from '@agora/contract';

/**
 * A resend countdown (spec §4: the code button stays disabled for 60 s after sending).
 * Remaining time is derived from a deadline rather than decremented per tick, so a
 * throttled background tab still re-enables the button on time.
 */
export function useCountdown(seconds: number = SMS_RESEND_SECONDS) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) setDeadline(null);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback(() => {
    setDeadline(Date.now() + seconds * 1000);
    setLeft(seconds);
  }, [seconds]);

  return { left, running: left > 0, start };
}
