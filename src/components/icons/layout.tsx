import { StrokeIcon, type IconProps } from './icon';

/** A page's layout: a band over two blocks. */
export function LayoutIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 4h16v5H4zM4 11h7v9H4zM13 11h7v9h-7z" />
    </StrokeIcon>
  );
}
