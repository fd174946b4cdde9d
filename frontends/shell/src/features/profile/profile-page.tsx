import { useAuth } from '@popote/auth';
import { Avatar, buttonClassName, formatLongDate, fr, PageLoading } from '@popote/ui';
import { Link } from '@popote/router';
import { NoticePage } from '../../pages/notice-page';
import { AlertsCard } from './alerts-card';
import { CommuneCard } from './commune-card';
import { CookProfileCard } from './cook-profile-card';
import { DataCard } from './data-card';
import { DeleteAccountCard } from './delete-account-card';
import { EmailCard } from './email-card';
import { FollowedCooksCard } from './followed-cooks-card';
import { ModerationCard } from './moderation-card';
import { PasswordCard } from './password-card';
import { PersonalInfoCard } from './personal-info-card';
import styles from './profile-page.module.css';
import { RoleSwitchCard } from './role-switch-card';
import { frAccount } from '@popote/ui/fr-account';

function memberSince(createdAt: string): string | null {
  try {
    return frAccount.profile.memberSince(formatLongDate(createdAt));
  } catch {
    return null;
  }
}

/**
 * /profile. The route guard sends signed-out visitors to /auth; the page's own
 * signed-out state is for a session that ends while it is open.
 */
export function ProfilePage() {
  const auth = useAuth();

  if (auth.status === 'loading') {
    return <PageLoading />;
  }

  if (auth.status !== 'signed-in') {
    return (
      <NoticePage
        title={frAccount.profile.title}
        message={frAccount.profile.signedOut}
        actions={
          <Link to="/auth" className={buttonClassName({ variant: 'primary' })}>
            {fr.nav.signIn}
          </Link>
        }
      />
    );
  }

  const { user, cookProfile, isCook } = auth;
  const since = memberSince(user.created_at);

  return (
    <div className="pp-page">
      <title>{`${frAccount.profile.title} · ${fr.brand}`}</title>
      <header className={styles.header}>
        <Avatar name={user.name} src={user.avatar_url} alt={frAccount.profile.avatarAlt(user.name)} size="lg" />
        <div className={styles.identity}>
          <p className={styles.kicker}>{frAccount.profile.title}</p>
          <h1 className={styles.name}>{user.name}</h1>
          <p className={styles.handle}>
            @{user.username}
            <span className={`${styles.badge} ${isCook ? styles.badgeCook : ''}`}>
              <span className="pp-visually-hidden">{frAccount.profile.status} : </span>
              {isCook ? frAccount.profile.cook : frAccount.profile.consumer}
            </span>
          </p>
          {since ? <p className={styles.since}>{since}</p> : null}
        </div>
      </header>

      <div className={styles.grid}>
        <div className={styles.column}>
          {/* Only for a person with decisions about their content: first, since an appeal has a deadline. */}
          <ModerationCard />
          <PersonalInfoCard user={user} isCook={isCook} />
          <CommuneCard />
          <FollowedCooksCard />
          <AlertsCard />
          {isCook ? <CookProfileCard profile={cookProfile} /> : null}
        </div>
        <div className={styles.column}>
          <RoleSwitchCard isCook={isCook} />
          <EmailCard user={user} />
          <PasswordCard />
          <DataCard />
          <DeleteAccountCard />
        </div>
      </div>
    </div>
  );
}
