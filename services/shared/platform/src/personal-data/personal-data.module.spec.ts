import { Injectable, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { PersonalDataService } from '@popote/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { PERSONAL_DATA_PROVIDER, PersonalDataModule, type PersonalDataProvider } from './personal-data.module';

@Injectable()
class WithoutBlockers implements PersonalDataProvider {
  async export() {
    return { sections: {} };
  }
  async erase() {}
}

@Injectable()
class WithBlockers extends WithoutBlockers {
  async blockers() {
    return [];
  }
}

/** `blockers` as an instance property (not on the prototype) counts as well. */
@Injectable()
class WithBlockersProperty extends WithoutBlockers {
  blockers = async () => ['Une commande est en cours.'];
}

describe('PersonalDataModule.forService: the provider must match ERASURE_BLOCKING_SERVICES', () => {
  const opened: { close(): Promise<void> }[] = [];
  const start = async (service: PersonalDataService, provider: Type<PersonalDataProvider>) => {
    const app = await NestFactory.createApplicationContext(PersonalDataModule.forService(service, provider), {
      logger: false,
      abortOnError: false,
    });
    opened.push(app);
    return app;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((app) => app.close()));
  });

  it('refuses to start a blocking service whose provider has no blockers', async () => {
    await expect(start('payments', WithoutBlockers)).rejects.toThrow(
      'WithoutBlockers: payments is in ERASURE_BLOCKING_SERVICES, its personal-data provider must implement blockers(userId)',
    );
    await expect(start('ordering', WithoutBlockers)).rejects.toThrow(/ordering is in ERASURE_BLOCKING_SERVICES/);
  });

  it('refuses to start a service outside ERASURE_BLOCKING_SERVICES whose provider has blockers (nobody would ask them)', async () => {
    await expect(start('cart', WithBlockers)).rejects.toThrow(/WithBlockers: cart is not in ERASURE_BLOCKING_SERVICES/);
    await expect(start('identity', WithBlockersProperty)).rejects.toThrow(/identity is not in ERASURE_BLOCKING_SERVICES/);
  });

  it('starts when they agree, the provider given as the one it calls', async () => {
    const ordering = await start('ordering', WithBlockersProperty);
    expect(ordering.get(PERSONAL_DATA_PROVIDER)).toBe(ordering.get(WithBlockersProperty));
    expect(await ordering.get<PersonalDataProvider>(PERSONAL_DATA_PROVIDER).blockers!('u1')).toEqual(['Une commande est en cours.']);
    const cart = await start('cart', WithoutBlockers);
    expect(cart.get(PERSONAL_DATA_PROVIDER)).toBeInstanceOf(WithoutBlockers);
  });
});
