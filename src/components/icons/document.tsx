import { StrokeIcon, type IconProps } from './icon';

export function DocumentIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6" />
    </StrokeIcon>
  );
}
