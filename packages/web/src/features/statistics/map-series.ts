/** The map series and its colour scale: installed before any map data is registered (echarts drops a map registered before them). */
import * as echarts from 'echarts/core';
import { MapChart } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';

echarts.use([MapChart, VisualMapComponent]);
