import { useEffect, useState } from 'react';

/** The hero keyword changes every 2500 ms with a 500 ms fade (docs/decisions/030-hero-keyword-veil.md). */
export const KEYWORD_INTERVAL_MS = 2500;
export const KEYWORD_FADE_MS = 500;

/**
 * Which keyword shows and whether it is fading out. Every interval the word
 * fades out, then the next one appears. With reduced motion the word simply
 * changes at each interval. Stopped (flag off or paused by the visitor), it
 * stays where it is, fully visible.
 */
export function useRotatingKeyword(
  count: number,
  { running, reducedMotion }: { running: boolean; reducedMotion: boolean },
) {
  const [index, setIndex] = useState(0);
  const [fading, setFading] = useState(false);

  useEffect(() => {
    if (!running || count < 2) return;
    let fadeTimer: number | undefined;
    const interval = window.setInterval(() => {
      if (reducedMotion) {
        setIndex((i) => (i + 1) % count);
        return;
      }
      setFading(true);
      fadeTimer = window.setTimeout(() => {
        setIndex((i) => (i + 1) % count);
        setFading(false);
      }, KEYWORD_FADE_MS);
    }, KEYWORD_INTERVAL_MS);
    return () => {
      window.clearInterval(interval);
      window.clearTimeout(fadeTimer);
    };
  }, [running, reducedMotion, count]);

  return { index: index % Math.max(count, 1), fading: running && fading && !reducedMotion };
}
