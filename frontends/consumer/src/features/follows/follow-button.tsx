import { readApiError, useAuth } from '@popote/auth';
import { useMutation, useQuery } from '@popote/graphql';
import { useNavigate } from '@popote/router';
import { Button, toast } from '@popote/ui';
import { CookFollowDocument, FollowCookDocument } from './graphql/follows.generated';
import { usePushOffer } from './push-prompt';
import { followsFr as t } from './texts';
import styles from './follow-button.module.css';

export interface FollowButtonProps {
  cookId: string;
  cookName: string;
  className?: string;
}

/**
 * 'Suivre' / 'Ne plus suivre' and the cook's follower count (cook page, meal detail). A visitor who
 * is not signed in is asked to sign in; the cook sees their own count, without a button. Following
 * is the moment notifications make sense: the prompt offers them then (never on page load).
 */
export function FollowButton({ cookId, cookName, className }: FollowButtonProps) {
  const auth = useAuth();
  const navigate = useNavigate();
  const { data } = useQuery(CookFollowDocument, { variables: { cook_id: cookId }, requestPolicy: 'cache-and-network' });
  const [setFollow, { loading }] = useMutation(FollowCookDocument);
  const { offer, prompt } = usePushOffer();
  const state = data?.cookFollow;
  const own = auth.status === 'signed-in' && auth.user.user_id === cookId;
  const following = state?.following ?? false;

  const toggle = async () => {
    if (auth.status !== 'signed-in') {
      toast.error(t.signInToFollow, { id: 'follow-sign-in' });
      navigate('/auth');
      return;
    }
    try {
      const answer = await setFollow({ variables: { cook_id: cookId, follow: !following } });
      const now = answer.data?.followCook.following ?? !following;
      toast.success(now ? t.followed(cookName) : t.unfollowed(cookName), { id: 'follow-result' });
      if (now) offer({ kind: 'follow', cook: cookName });
    } catch (err) {
      toast.error(readApiError(err).message ?? t.error, { id: 'follow-result' });
    }
  };

  return (
    <div className={`${styles.follow} ${className ?? ''}`}>
      {own ? null : (
        <Button
          variant={following ? 'outline' : 'secondary'}
          size="sm"
          loading={loading}
          disabled={auth.status === 'loading'}
          aria-label={following ? t.unfollowLabel(cookName) : t.followLabel(cookName)}
          onClick={() => void toggle()}
        >
          {following ? t.unfollow : t.follow}
        </Button>
      )}
      {state ? (
        <span className={styles.count} data-testid="follower-count">
          {t.followers(state.followers)}
        </span>
      ) : null}
      {prompt}
    </div>
  );
}
