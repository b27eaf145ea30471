import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { findResource, isPlainObject, mayAct } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/public.decorator';
import { forbidden, invalid } from '../../common/errors';
import { AiImageSuggestions } from './ai-image.service';

const SUMMARY = 'AI image suggestions for product and merchant images';
const DESCRIPTION =
  'Body {prompt, n (1 to 8, default 4), model?, field?}: with model and field (product image.profile, merchant image.banner) the images fit that ' +
  "field's ratio and minimum size, otherwise 512 x 512. One request per second per user (429 otherwise). Needs the merchant right.";

/** AI image suggestions (spec part 1 section 7): the same suggestions as byte arrays or as data URLs. */
@ApiTags('images')
@Controller()
export class AiImageController {
  constructor(private readonly suggestions: AiImageSuggestions) {}

  private check(actor: Actor, body: unknown) {
    const product = findResource('product')!;
    if (!mayAct(product, 'update', actor.rights)) throw forbidden('You may not make images for products and merchants');
    if (!isPlainObject(body)) throw invalid('The request body must be a JSON object');
    return this.suggestions.parse(body);
  }

  @Post('image/ai/prompt/blob')
  @HttpCode(200)
  @ApiOperation({ summary: `${SUMMARY}: PNG bytes`, description: `${DESCRIPTION} Answers a list of byte arrays, one PNG each.` })
  async blob(@CurrentActor() actor: Actor, @Body() body: unknown) {
    const request = this.check(actor, body);
    const images = await this.suggestions.generate(actor, request);
    return images.map((png) => [...png]);
  }

  @Post('ai-image/prompt/url')
  @HttpCode(200)
  @ApiOperation({ summary: `${SUMMARY}: data URLs`, description: `${DESCRIPTION} Answers a list of data:image/png;base64 URLs.` })
  async url(@CurrentActor() actor: Actor, @Body() body: unknown) {
    const request = this.check(actor, body);
    const images = await this.suggestions.generate(actor, request);
    return images.map((png) => `data:image/png;base64,${png.toString('base64')}`);
  }
}

