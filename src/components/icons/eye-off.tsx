import { StrokeIcon, type IconProps } from './icon';

/** "Hide the password": the eye, struck through. */
export function EyeOffIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      <path d="M4 4l16 16" />
    </StrokeIcon>
  );
}
