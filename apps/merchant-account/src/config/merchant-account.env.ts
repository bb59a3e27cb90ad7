import { ServiceEnv } from '@pc/http';

export class MerchantAccountEnv extends ServiceEnv {
  override PORT = 3002;
  override DATABASE_NAME = 'pc_merchant_account';
}
