/**
 * What every icon of this folder shares (docs/decisions/043-one-icon-module.md):
 * a 24 px grid drawn with 2 px round strokes in `currentColor`, 20 px by
 * default (`size`, or `h-*`/`w-*` classes, which win over the width and
 * height attributes). An icon is decorative unless it gets a `label`: hidden
 * from screen readers and never focusable, the control it sits in carries the
 * name. With a `label` it is an image of that name.
 */
import type { ReactNode, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & {
  /** Width and height in px. */
  size?: number;
  /** The icon's name, when it means something on its own; without it the icon is decorative. */
  label?: string;
};

/** Any icon of this folder (what a table of sections or cards holds). */
export type IconComponent = (props: IconProps) => ReactNode;

/** Decorative (hidden) without a label, an image of that name with one; never a tab stop. */
export function a11y(label: string | undefined) {
  return label
    ? ({ role: 'img', 'aria-label': label, focusable: 'false' } as const)
    : ({ 'aria-hidden': true, focusable: 'false' } as const);
}

export function StrokeIcon({ size = 20, label, children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...a11y(label)}
      {...props}
    >
      {children}
    </svg>
  );
}
