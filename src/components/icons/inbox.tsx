import { StrokeIcon, type IconProps } from './icon';

export function InboxIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 4h16v16H4zM4 13h4l2 3h4l2-3h4" />
    </StrokeIcon>
  );
}
