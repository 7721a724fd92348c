import { avatarText } from "../../../core/accounts/rules.ts";

/** The account's photo, else up to two initials of the name, else the email's part before the @. */
export function UserAvatar({ name, email, image, size = "sm" }: { name: string; email: string; image: string | null; size?: "sm" | "lg" }) {
  const box = size === "lg" ? "h-14 min-w-14 text-lg" : "h-9 min-w-9 text-sm";
  if (image) {
    return <img src={image} alt="" width={size === "lg" ? 56 : 36} height={size === "lg" ? 56 : 36} className={`${box} rounded-full object-cover`} />;
  }
  const text = avatarText(name, email);
  return (
    // Below 640 px narrower, so a long email name still leaves the header one row.
    <span aria-hidden="true" className={`${box} inline-flex ${size === "lg" ? "max-w-24" : "max-w-16 sm:max-w-24"} items-center justify-center rounded-full bg-ink px-2 font-bold text-paper`}>
      <span className="truncate">{text}</span>
    </span>
  );
}
