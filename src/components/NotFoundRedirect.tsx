import { Navigate } from '@tanstack/react-router';

/** Spec section 2: unknown paths redirect to /index. */
export function NotFoundRedirect() {
  return <Navigate to="/index" replace />;
}
