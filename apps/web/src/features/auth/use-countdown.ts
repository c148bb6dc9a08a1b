import { useEffect, useRef, useState } from 'react';

/**
 * Whole seconds left until `deadline` (epoch ms), ticking every second; calls `onExpire` once when it reaches 0.
 * No deadline: null.
 */
export function useCountdown(deadline: number | undefined, onExpire: () => void): number | null {
  const secondsLeft = () =>
    deadline === undefined ? null : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [left, setLeft] = useState(secondsLeft);
  const expire = useRef(onExpire);
  expire.current = onExpire;

  useEffect(() => {
    if (deadline === undefined) return;
    let fired = false;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0 && !fired) {
        fired = true;
        expire.current();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  return left;
}

/** 125 → "2:05". */
export function formatMinutesSeconds(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
