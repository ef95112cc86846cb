import { StrokeIcon, type IconProps } from './icon';

export function FlagIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M5 21V4m0 0h11l-2 4 2 4H5" />
    </StrokeIcon>
  );
}
