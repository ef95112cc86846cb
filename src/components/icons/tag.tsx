import { StrokeIcon, type IconProps } from './icon';

export function TagIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M3 12V3h9l9 9-9 9zM7.5 7.5h.01" />
    </StrokeIcon>
  );
}
