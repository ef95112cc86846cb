/**
 * Records once per shown form that a lead form scrolled into view: the middle
 * step of the Analytics funnel (visit → form seen → lead sent,
 * docs/decisions/130-page-views-without-tracking.md). The recording code loads
 * only then, and a failure is silent.
 */
import { useEffect, useRef } from 'react';
import type { LeadFormName } from '@/integrations/analytics/page-views';

export function useFormSeen<T extends Element>(form: LeadFormName) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      import('@/integrations/analytics/page-views').then((analytics) => analytics.recordFormSeen(form)).catch(() => {});
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [form]);
  return ref;
}
