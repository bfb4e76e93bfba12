import "@mantine/core/styles/Avatar.css";
import { Avatar, useMantineTheme } from "@mantine/core";
import { initials, type PersonName } from "./personDisplay.ts";

/** Spec: person cards show an 81 px avatar. */
const AVATAR_SIZE_PX = 81;

export interface PersonAvatarProps {
  name: PersonName;
  imageSrc: string | null;
  size?: number;
}

/**
 * The person's photo, or their initials when there is none. Decorative: the name is always
 * written beside it, so assistive tech skips it rather than reading the name twice.
 */
export function PersonAvatar({ name, imageSrc, size = AVATAR_SIZE_PX }: PersonAvatarProps) {
  // The primary colour's light variant has contrast-checked text (theme/mantineTheme.ts).
  const { primaryColor } = useMantineTheme();
  return (
    <Avatar
      src={imageSrc}
      alt=""
      size={size}
      radius="50%"
      color={primaryColor}
      variant="light"
      aria-hidden="true"
      styles={{ placeholder: { fontSize: size * 0.36, fontWeight: 700 } }}
    >
      {initials(name)}
    </Avatar>
  );
}
