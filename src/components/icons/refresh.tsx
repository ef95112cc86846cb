import { StrokeIcon, type IconProps } from './icon';

export function RefreshIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5" />
    </StrokeIcon>
  );
}
