import { logoutAction } from "../actions";

/** A form post to the logout action (works without JavaScript); it ends every session of the user. */
export function LogoutButton({ label }: { label: string }) {
  return (
    <form action={logoutAction}>
      <button type="submit" className="btn btn-ghost btn-small">
        {label}
      </button>
    </form>
  );
}
