import { readApiError } from '@popote/auth';
import { useMutation, useQuery } from '@popote/graphql';
import { Link } from '@popote/router';
import { Avatar, Button, buttonClassName, formatLongDate, QueryState, toast } from '@popote/ui';
import { useState } from 'react';
import { alertsFr } from '../../i18n/alerts-texts';
import { FollowedCooksDocument, UnfollowCookDocument } from './alerts.generated';
import { Card } from './card';
import styles from './alerts-cards.module.css';

const t = alertsFr.cooks;

/** 'Mes cuisiniers': the cooks the person follows (newest first), each with 'Ne plus suivre'. */
export function FollowedCooksCard() {
  const { data, error, refetch } = useQuery(FollowedCooksDocument, { requestPolicy: 'cache-and-network' });
  const [unfollow] = useMutation(UnfollowCookDocument, {
    update: (cache, { data: answer }) => {
      const gone = answer.followCook.cook_id;
      cache.updateQuery({ query: FollowedCooksDocument }, (list) =>
        list ? { ...list, followedCooks: list.followedCooks.filter((f) => f.cook.cook_id !== gone) } : list,
      );
    },
  });
  const [leaving, setLeaving] = useState<string | null>(null);
  const cooks = data?.followedCooks;

  const stop = async (cookId: string, name: string) => {
    setLeaving(cookId);
    try {
      await unfollow({ variables: { cook_id: cookId } });
      toast.success(t.unfollowed(name), { id: 'unfollow-result' });
    } catch (err) {
      toast.error(readApiError(err).message ?? alertsFr.alerts.saveError, { id: 'unfollow-result' });
    } finally {
      setLeaving(null);
    }
  };

  let body;
  if (!cooks) body = <QueryState error={error} errorMessage={t.error} onRetry={refetch} loadingLabel={t.loading} />;
  else if (cooks.length === 0)
    body = (
      <>
        <p className={styles.muted}>{t.empty}</p>
        <Link to="/meals" className={buttonClassName({ variant: 'outline', size: 'sm' })}>
          {t.browse}
        </Link>
      </>
    );
  else
    body = (
      <ul className={styles.cooks}>
        {cooks.map(({ cook, followed_at }) => (
          <li key={cook.cook_id} className={styles.cook}>
            <Avatar name={cook.name} src={cook.avatar_url} alt={t.avatarAlt(cook.name)} size="md" />
            <div className={styles.cookText}>
              <Link to={`/cook/${encodeURIComponent(cook.cook_id)}`} className={styles.cookName}>
                {cook.name}
              </Link>
              <span className={styles.muted}>{t.since(formatLongDate(followed_at))}</span>
            </div>
            <Button
              variant="outline"
              size="sm"
              loading={leaving === cook.cook_id}
              aria-label={t.unfollowLabel(cook.name)}
              onClick={() => void stop(cook.cook_id, cook.name)}
            >
              {t.unfollow}
            </Button>
          </li>
        ))}
      </ul>
    );

  return <Card title={t.title}>{body}</Card>;
}
