import { StrokeIcon, type IconProps } from './icon';

export function PauseIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M9 6v12M15 6v12" />
    </StrokeIcon>
  );
}
