import { useEffect, useState } from 'react';

/** The navigation bar turns solid once the page is scrolled more than this. */
export const SOLID_NAV_THRESHOLD_PX = 10;

/** True once the window is scrolled more than `threshold` px. False on the server and the first client render. */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}
