import { ServiceEnv } from '@pc/http';

export class PayoutsEnv extends ServiceEnv {
  override PORT = 3003;
  override DATABASE_NAME = 'pc_payouts';
}
