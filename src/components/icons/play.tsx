import { StrokeIcon, type IconProps } from './icon';

export function PlayIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M8 5.5v13l10-6.5z" fill="currentColor" />
    </StrokeIcon>
  );
}
