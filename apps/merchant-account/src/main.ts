import { runService } from '@pc/http';
import { MerchantAccountEnv } from './config/merchant-account.env';
import { createMerchantAccountApp } from './create-app';

void runService(MerchantAccountEnv, createMerchantAccountApp);
