import { useNavigate } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';

/**
 * Logout (SPEC §4): the front page shows at once, then the session ends on the server and the
 * user is cleared. Leaving first means an account page is never asked to render without a user.
 */
export function useLogoutFlow(): { logout: () => void; pending: boolean } {
  const navigate = useNavigate();
  const mutation = useLogout();
  return {
    logout: () => {
      void navigate('/');
      mutation.mutate();
    },
    pending: mutation.isPending,
  };
}
