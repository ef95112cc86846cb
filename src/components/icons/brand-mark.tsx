import { a11y, type IconProps } from './icon';

/** The brand mark (the favicon's olive leaf), in the brand's colours rather than `currentColor`. */
export function BrandMark({ size = 36, label, ...props }: IconProps) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} {...a11y(label)} {...props}>
      <rect width="64" height="64" rx="14" className="fill-brand-800" />
      <path d="M20 44c0-14 10-24 24-24-1 14-10 24-24 24z" className="fill-olive-100" />
      <path d="M20 44 44 20" className="stroke-brand-800" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
