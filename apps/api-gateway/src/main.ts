import { runService } from '@pc/http';
import { ApiGatewayEnv } from './config/api-gateway.env';
import { createApiGatewayApp } from './create-app';

void runService(ApiGatewayEnv, createApiGatewayApp);
