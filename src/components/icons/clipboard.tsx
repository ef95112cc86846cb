import { StrokeIcon, type IconProps } from './icon';

export function ClipboardIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M9 4h6v3H9zM9 5H6v16h12V5h-3M9 12h6M9 16h4" />
    </StrokeIcon>
  );
}
