import { data } from "react-router";
import { AuthRequired } from "../components/account/auth-required.tsx";

export const meta = () => [{ title: "Profile | East Harlem" }, { name: "robots", content: "noindex" }];

// Accounts arrive with sign-in; until a visitor can be signed in, this page answers as it does to any guest.
export function loader() {
  return data({ signedIn: false }, { status: 401, headers: { "Cache-Control": "no-store" } });
}

export default function ProfilePage() {
  return <AuthRequired variant="member" />;
}
