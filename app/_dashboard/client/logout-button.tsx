"use client";

import { signOut } from "next-auth/react";

export function LogoutButton({ label }: { label: string }) {
  return (
    <button type="button" className="btn btn-ghost btn-small" onClick={() => signOut({ callbackUrl: "/login" })}>
      {label}
    </button>
  );
}
