import { useCommuneSearch } from '@popote/graphql';
import { Button, CommuneCombobox, fr, saveBuyerCommune, useBuyerCommune, toast } from '@popote/ui';
import { Card } from './card';
import styles from './profile-page.module.css';

const t = fr.near;

/** 'Ma commune': the same choice as the prompt on /meals (kept in this browser). */
export function CommuneCard() {
  const commune = useBuyerCommune();
  const search = useCommuneSearch();
  return (
    <Card title={t.profileTitle}>
      <p className={styles.muted}>{t.profileHelp}</p>
      <p data-testid="profile-commune">{commune ? t.profileCurrent(commune.name) : t.profileNone}</p>
      <CommuneCombobox
        label={t.label}
        search={search}
        onPick={(c) => {
          saveBuyerCommune({ code: c.code, name: c.name });
          toast.success(t.saved(c.name), { id: 'commune-saved' });
        }}
      />
      {commune ? (
        <div>
          <Button variant="outline" size="sm" onClick={() => saveBuyerCommune(null)}>
            {t.forget}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
